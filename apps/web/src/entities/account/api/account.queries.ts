import { AVATAR_TOO_LARGE, type TNotificationPreferences, type TUser } from '@agency/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { errorMessageFromBody } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { postMultipart } from '@/lib/upload';

/** The signed-in person's own account: profile, avatar, password and notification settings (both roles' Settings). */

export function useUpdateProfile() {
  return tsr.auth.updateMe.useMutation();
}

export function useChangePassword() {
  return tsr.auth.changePassword.useMutation();
}

/** An upload that failed: the message to show, and the field messages (the `file` one) of the API. */
export class AvatarUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Uploads a new avatar (multipart POST /auth/me/avatar/); resolves to the updated user. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File): Promise<TUser> => {
      const form = new FormData();
      form.append('file', file);
      const { status, body } = await postMultipart('/api/auth/me/avatar/', form);
      if (status === 200) return body as TUser;
      const fileError = (body as { errors?: { file?: string[] } } | undefined)?.errors?.file?.[0];
      throw new AvatarUploadError(status === 413 ? AVATAR_TOO_LARGE : (fileError ?? errorMessageFromBody(body, status)), status);
    },
  });
}

export function useRemoveAvatar() {
  return tsr.profile.removeAvatar.useMutation();
}

export function useNotificationPreferences() {
  return tsr.notifications.getNotificationPreferences.useQuery({ queryKey: notificationKeys.preferences() });
}

type TPrefsCache = { status: 200; body: TNotificationPreferences; headers: Headers };

/** Saves the toggles sent (PUT; the others keep their value); a switch moves at once and rolls back if the save fails. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return tsr.notifications.updateNotificationPreferences.useMutation({
    onMutate: async ({ body }) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences() });
      const previous = queryClient.getQueryData<TPrefsCache>(notificationKeys.preferences());
      if (previous) queryClient.setQueryData<TPrefsCache>(notificationKeys.preferences(), { ...previous, body: { ...previous.body, ...body } as TNotificationPreferences });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      const previous = (ctx as { previous?: TPrefsCache } | undefined)?.previous;
      if (previous) queryClient.setQueryData(notificationKeys.preferences(), previous);
    },
    onSuccess: (res) => {
      queryClient.setQueryData<TPrefsCache>(notificationKeys.preferences(), (old) =>
        old ? { ...old, body: res.body } : { status: 200, body: res.body, headers: new Headers() },
      );
    },
  });
}
