import type { TApprovalMode, TContent, TReviewStep } from '@agency/contract';

/*
 * The approval rules of one client's mode (APPROVAL_MODES), stated once for the services and the tests.
 * A rejection at any step always returns the item to draft with the feedback.
 */

/** Where an item sent for approval goes: approved at once (no approval), or the staff review. */
export const stepOnSubmit = (mode: TApprovalMode): 'approved' | TReviewStep => (mode === 'none' ? 'approved' : 'staff');

/** The status of an item staff make without choosing one: approved, unless the mode has staff review every item. */
export const staffCreatedStatus = (mode: TApprovalMode): TContent['status'] =>
  mode === 'internal' || mode === 'internal_then_client' ? 'pending-approval' : 'approved';

/** After an approval at `step`: the client's review comes next (internal then client), or the item is approved. */
export const stepAfterApproval = (mode: TApprovalMode, step: TReviewStep): 'approved' | 'client' =>
  step === 'staff' && mode === 'internal_then_client' ? 'client' : 'approved';
