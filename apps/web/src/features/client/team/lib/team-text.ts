import { CLIENT_PERMISSION_LABELS, type TClientMember, type TClientPermission } from '@agency/contract';

/** What each permission covers, one line each (the invite's choices and the section's intro). */
export const PERMISSION_HINTS: Record<TClientPermission, string> = {
  full: 'Everything, including billing and this team.',
  content: 'Content, approvals and comments; no invoices or payments.',
  billing: 'Invoices, payments, plans and orders; no content.',
};

/** The line under the section's title: what each permission covers. */
export const TEAM_INTRO =
  'Full access covers everything, including this team. Content only: content, approvals and comments. Billing only: invoices, payments, plans and orders. Everyone sees the overview, performance and messages.';

/** The empty state: nobody but the signed-in person. */
export const TEAM_EMPTY = 'Invite the people who approve content or handle invoices for you.';

export const OWNER_LOGIN = 'Owner login';

/** The confirmation of Remove. */
export function removeMemberText(member: Pick<TClientMember, 'name'>): string {
  return `Remove ${member.name} from your team? They can no longer sign in to your portal. What they wrote stays.`;
}

/** The toast after a permission change: "Nia Nowak now has content only". */
export function permissionChangedText(member: Pick<TClientMember, 'name' | 'permission'>): string {
  return `${member.name} now has ${CLIENT_PERMISSION_LABELS[member.permission].toLowerCase()}`;
}
