/** The agency's staff: who they are, whom they reach, their presence; staff accounts are invited and ended here. */
export { displayNameSql, listStaff, staffIds, type StaffReach } from './staff.queries';
export { presenceOf, resolveStaffPick } from './staff.service';
