import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UPLOAD_ACCEPT } from '@agency/contract';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_FILE_TOO_LARGE, CHAT_SEND_FAILED, ChatComposer, attachmentProblem } from '../components/chat';

describe('attachmentProblem', () => {
  it('rejects files over 10 MB with the spec text', () => {
    expect(attachmentProblem({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(CHAT_FILE_TOO_LARGE);
    expect(CHAT_FILE_TOO_LARGE).toBe('File size must be less than 10MB');
  });
  it('accepts images, pdf, doc, docx, txt and rejects other types', () => {
    expect(attachmentProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'a.docx', type: '', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'run.exe', type: 'application/x-msdownload', size: 10 })).not.toBeNull();
  });
  it('checks against the upload types the contract states once (what the server accepts)', () => {
    expect(attachmentProblem({ name: 'photo', type: 'image/webp', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'SCAN.JPEG', type: '', size: 10 })).toBeNull();
    expect(attachmentProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Only images, PDF, DOC, DOCX and TXT files can be attached',
    );
  });
});

describe('ChatComposer', () => {
  it('Enter sends the trimmed text, Shift+Enter does not, whitespace-only cannot be sent', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<ChatComposer onSend={onSend} />);
    const box = screen.getByLabelText('Message');
    const sendBtn = screen.getByRole('button', { name: 'Send message' });

    fireEvent.change(box, { target: { value: '   \n  ' } });
    expect(sendBtn).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: ' hello ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: 'hello', file: null }));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the text and shows the failure message when sending fails', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error(CHAT_SEND_FAILED));
    render(<ChatComposer onSend={onSend} />);
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(box).toHaveValue('hi');
  });

  it("offers the contract's upload types in the file picker", () => {
    render(<ChatComposer onSend={vi.fn()} />);
    const input = screen.getByLabelText('Attach a file');
    expect(input).toHaveAttribute('accept', UPLOAD_ACCEPT);
    for (const t of ['.pdf', '.docx', '.txt', 'image/png', 'application/msword']) expect(UPLOAD_ACCEPT.split(',')).toContain(t);
  });

  it('refuses a file over 10 MB', () => {
    render(<ChatComposer onSend={vi.fn()} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Attach a file'), { target: { files: [big] } });
    expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 10MB');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });
});
