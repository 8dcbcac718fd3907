import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-date';

/**
 * A timestamp's day in the portal's zone as yyyy-mm-dd, in SQL: the day the screens print
 * (portalDateText, portalIsoDay), so a filter or a daily count by it finds what the grid shows.
 * Server-only (drizzle); the zone itself stays in lib/validation for the browser.
 */
export const portalIsoDaySql = (at: SQLWrapper): SQL<string> => sql<string>`to_char(${at} at time zone ${sql.raw(`'${PORTAL_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
