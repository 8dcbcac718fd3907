export { RecommendDialog, INVITE_ERROR, NO_MAIL_CLIENT, RESET_DELAY_MS } from './recommend-dialog';
export { RecommendDialogHost, RecommendButton } from './recommend-dialog-host';
export { openMailClient, mailtoHref } from './open-mail-client';
