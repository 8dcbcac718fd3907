export { enqueueMail, enqueueTemplate, enqueueTemplates, listOutbox, type OutgoingMail, type OutboxItem } from './outbox';
export { deliverDueMail, backoffSeconds, BULK_MAIL_KINDS, MAX_ATTEMPTS, type DeliveryReport } from './sender';
export { mailTemplates, escapeHtml, type MailKind, type MailParams, type RenderedMail } from './templates';
