import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvalOutcome, waitingLabel, WaitingNote } from '../components/review-status';

describe('review status', () => {
  it('names whose review a pending item waits for, in the staff’s and in the client’s words', () => {
    const atStaff = { status: 'pending-approval', review_step: 'staff' } as const;
    const atClient = { status: 'pending-approval', review_step: 'client' } as const;
    expect(waitingLabel(atStaff, 'staff')).toBe('Waiting for staff review');
    expect(waitingLabel(atClient, 'staff')).toBe('Waiting for the client');
    expect(waitingLabel(atStaff, 'client')).toBe('With the agency for review');
    expect(waitingLabel(atClient, 'client')).toBe('Waiting for your approval');
    expect(waitingLabel({ status: 'pending-approval', review_step: null }, 'staff')).toBe('Waiting for staff review');
    expect(waitingLabel({ status: 'approved', review_step: null }, 'staff')).toBeNull();
  });

  it('tells what a staff approval did from the answer', () => {
    const atStaff = { status: 'pending-approval', review_step: 'staff' } as const;
    const atClient = { status: 'pending-approval', review_step: 'client' } as const;
    const approved = { status: 'approved', review_step: null } as const;
    expect(approvalOutcome(atStaff, atClient)).toBe('sent-to-client');
    expect(approvalOutcome(atStaff, approved)).toBe('approved');
    expect(approvalOutcome(atClient, approved)).toBe('approved-for-client');
  });

  it('shows for how long the item has waited, with the exact time in the tooltip', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    render(<WaitingNote item={{ status: 'pending-approval', review_step: 'client', waiting_since: '2026-03-10T09:00:00Z' }} viewer="staff" now={now} />);
    const note = screen.getByTestId('waiting-note');
    expect(note).toHaveTextContent(/^Waiting for the client.*for 3 hours$/);
    expect(screen.getByTitle(/^Since Mar 10, 2026/)).toBeInTheDocument();
  });
});
