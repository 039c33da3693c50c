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

/** Whether the mode has staff items reviewed: then approving one outright is the owner's override only. */
export const modeAsksReview = (mode: TApprovalMode): boolean => mode === 'internal' || mode === 'internal_then_client';

/** Whether the mode asks the client (a staff submission may then go straight to the client). */
export const modeAsksClient = (mode: TApprovalMode): boolean => mode === 'internal_then_client';

/** The review an owner's override stands in for: the client's in two-step mode, else the staff's. */
export const overriddenStep = (mode: TApprovalMode): TReviewStep => (modeAsksClient(mode) ? 'client' : 'staff');
