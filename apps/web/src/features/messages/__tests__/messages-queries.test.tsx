import { contract, FILE_TOO_LARGE, type TFile, type TMessage } from '@agency/contract';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockRoute, uploadableFile } from '@/test/mock-api';
import { renderHookWithApi } from '@/test/render';
import { useClientThread, useMarkIncomingRead } from '../api/messages.queries';
import { CHAT_SEND_FAILED } from '../components/chat';
import { useChatSend } from '../lib/use-chat-send';

function message(id: number, overrides: Partial<TMessage> = {}): TMessage {
  return {
    id,
    sender: 2,
    receiver: 1,
    sender_name: 'Ada Admin',
    sender_role: 'admin',
    client: 4,
    content: `Message ${id}`,
    timestamp: '2025-06-15T11:00:00.000Z',
    read: false,
    priority: false,
    attachment: null,
    ...overrides,
  };
}

const STORED: TFile = {
  id: 77,
  name: 'brief.pdf',
  file_type: 'pdf',
  size: 3,
  content_type: 'application/pdf',
  client: 4,
  url: '/api/files/77/download/',
  created_at: '2025-06-15T11:00:00.000Z',
};

describe('messages.queries against the contract mock API', () => {
  it("marks the other side's unread messages read once, through POST /api/messages/:id/mark_read/", async () => {
    const marked = mockRoute(contract.messages.markMessageRead, ({ params }) => ({
      status: 200,
      body: message(Number(params.id), { read: true }),
    }));
    const messages = [message(1), message(2, { sender_role: 'client' }), message(3, { read: true }), message(4)];
    const { rerender } = renderHookWithApi(({ list }: { list: TMessage[] }) => useMarkIncomingRead(list, true, 'admin'), {
      initialProps: { list: messages },
    });
    await waitFor(() => expect(marked.map((r) => r.url.pathname).sort()).toEqual(['/api/messages/1/mark_read/', '/api/messages/4/mark_read/']));
    rerender({ list: [...messages] });
    await new Promise((r) => setTimeout(r, 50));
    expect(marked).toHaveLength(2);
  });

  it("the client's thread asks for newest first, 50 at a time, with the search", async () => {
    const calls = mockRoute(contract.messages.listMessages, {
      status: 200,
      body: { count: 1, next: null, previous: null, results: [message(9)] },
    });
    const { result } = renderHookWithApi(() => useClientThread('invoice', 50));
    await waitFor(() => expect(result.current.data?.body.results.map((m) => m.id)).toEqual([9]));
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page_size: '50', ordering: '-timestamp', search: 'invoice' });
  });
});

describe('useChatSend (upload through POST /api/files/, then send)', () => {
  it('uploads the file under the client first and sends its id', async () => {
    const uploads = mockRoute(contract.files.uploadFile, { status: 201, body: STORED });
    const send = vi.fn().mockResolvedValue(undefined);
    const onSent = vi.fn();
    const { result } = renderHookWithApi(() => useChatSend(send, { clientId: 4, onSent }));
    const file = uploadableFile('abc', 'brief.pdf', 'application/pdf');
    await act(() => result.current.onSend({ text: 'See attached', file }));
    expect(send).toHaveBeenCalledWith({ text: 'See attached', attachment: 77 });
    expect(onSent).toHaveBeenCalled();
    const form = uploads[0]!.body as FormData;
    expect(form.get('client')).toBe('4');
    expect(form.get('name')).toBe('brief.pdf');
    expect(form.has('file')).toBe(true);
  });

  it('an oversized file rejects with the 10 MB text and nothing is sent', async () => {
    mockRoute(contract.files.uploadFile, { status: 413, body: { detail: 'Too large', code: 'payload_too_large' } });
    const send = vi.fn();
    const { result } = renderHookWithApi(() => useChatSend(send));
    await expect(result.current.onSend({ text: '', file: uploadableFile('x', 'big.png', 'image/png') })).rejects.toThrow(FILE_TOO_LARGE);
    expect(send).not.toHaveBeenCalled();
  });

  it('a failed send rejects with the composer text', async () => {
    const { result } = renderHookWithApi(() => useChatSend(() => Promise.reject(new Error('500'))));
    await expect(result.current.onSend({ text: 'hi', file: null })).rejects.toThrow(CHAT_SEND_FAILED);
  });
});
