import { AVATAR_ACCEPT, AVATAR_TOO_LARGE, isAvatarTooLarge, type TUser } from '@agency/contract';
import { Camera, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Avatar, Button, Card, CardContent, CardHeader, CardTitle, useToast } from '@/components/ui';
import { ProfileForm, useRemoveAvatar, useUploadAvatar } from '@/entities/account';
import { useAuth } from '@/lib/auth';
import { displayName, errorMessage } from '@/lib/format';
import { AVATAR_REMOVED, AVATAR_SAVED, PROFILE_SAVED } from '../settings-texts';

/** The photo: upload (an image up to 2 MB, checked again by the server) or remove; the header shows it at once. */
function AvatarPicker({ user }: { user: TUser }) {
  const { setUser } = useAuth();
  const toast = useToast();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (isAvatarTooLarge(file.size)) return setProblem(AVATAR_TOO_LARGE);
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (updated) => {
        setUser(updated);
        toast.success(AVATAR_SAVED);
      },
      onError: (err) => setProblem(err.message),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={displayName(user)} src={user.avatar} size="lg" />
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            aria-describedby={problem ? errorId : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
            {!upload.isPending && <Camera aria-hidden className="h-4 w-4" />}
            {user.avatar ? 'Change photo' : 'Upload photo'}
          </Button>
          {user.avatar && (
            <Button
              variant="ghost"
              size="sm"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  {},
                  {
                    onSuccess: (res) => {
                      setUser(res.body);
                      toast.success(AVATAR_REMOVED);
                    },
                    onError: (err) => setProblem(errorMessage(err, 'Could not remove the photo')),
                  },
                )
              }
            >
              {!remove.isPending && <Trash2 aria-hidden className="h-4 w-4" />}
              Remove photo
            </Button>
          )}
        </div>
        <label htmlFor={inputId} className="block text-xs text-fg-muted">
          PNG, JPEG, GIF or WebP, up to 2 MB.
        </label>
        {problem && (
          <p id={errorId} role="alert" className="text-sm text-danger-700">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

/** Name, company and photo (PATCH /auth/me/, POST /auth/me/avatar/); the e-mail has its own form (`emailSlot`). */
export function ProfileCard({ user, emailSlot }: { user: TUser; emailSlot?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Profile</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">How the team sees you.</p>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <AvatarPicker user={user} />
        <ProfileForm user={user} submitLabel="Save profile" savedMessage={PROFILE_SAVED} failedMessage={(err) => errorMessage(err, 'Could not save your profile')} />
        <div className="border-t border-border pt-4">{emailSlot}</div>
      </CardContent>
    </Card>
  );
}
