/** Performance, metrics and reports (its routes are mounted by api.router). */
export { sendDueMonthlyReports } from './report-schedule.service';
/** A client's past-month figures (the portal overview's cards) and each account's (its card's engagement). */
export { clientHeadline, pastMonthEngagement } from './analytics.service';
