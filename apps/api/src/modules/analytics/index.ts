/** Performance, metrics and reports (its routes are mounted by api.router). */
export { sendDueMonthlyReports } from './report-schedule.service';
