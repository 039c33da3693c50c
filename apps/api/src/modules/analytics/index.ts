/** Performance, metrics and reports (its routes are mounted by api.router). */
export { sendDueMonthlyReports } from './report-schedule.service';
/** A client's past-month figures: the portal overview's cards. */
export { clientHeadline } from './analytics.service';
