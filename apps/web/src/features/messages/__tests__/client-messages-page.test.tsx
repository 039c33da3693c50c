import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { renderWithApi } from '@/test/render';
import ClientMessagesPage from '../client/messages.page';

// jsdom has no ResizeObserver; Radix measures the priority switch with it (nothing here depends on a size).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('client Messages: Quick Help', () => {
  it('Contact Support goes to the message box of the conversation with the team, not the public contact form', async () => {
    renderWithApi(<ClientMessagesPage />, { session: clientSession(), route: '/dashboard#messages' });
    const contact = await screen.findByRole('button', { name: /Contact Support/ });
    await userEvent.setup().click(contact);
    const chat = screen.getByRole('region', { name: 'Chat with your team' });
    expect(within(chat).getByLabelText('Message')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#messages');
  });
});
