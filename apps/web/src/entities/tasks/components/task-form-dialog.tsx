import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  ZTaskFormSchema,
  type TTask,
  type TTaskFormParsed,
} from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Dialog, Field, FormActions, FormError, Input, NativeSelect, Textarea, useToast } from '@/components/ui';
import { useClient } from '@/entities/clients/api/get-client';
import { ClientFormField } from '@/entities/clients/components/client-form-field';
import { AFFECTED_KEYS, invalidateKeys } from '@/entities/refresh/affected-keys';
import { useStaff } from '@/entities/staff/api/list-staff';
import { isoToLocalInput, localInputToIso } from '@/lib/datetime-local';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';

/** What the inputs hold: due_date is the datetime-local text (local time), converted to ISO on validation. */
export interface TTaskFormValues {
  title: string;
  description: string;
  client: string;
  assigned_to: string;
  assigned_to_user: number | null;
  priority: (typeof TASK_PRIORITIES)[number];
  status: (typeof TASK_STATUSES)[number];
  due_date: string;
}

const contractResolver = zodResolver(ZTaskFormSchema);
/** Validates with the contract's body schema after turning the local date-time into ISO 8601. */
export const taskFormResolver: Resolver<TTaskFormValues, unknown, TTaskFormParsed> = (values, ctx, options) =>
  (contractResolver as unknown as Resolver<TTaskFormValues, unknown, TTaskFormParsed>)(
    { ...values, due_date: localInputToIso(values.due_date) },
    ctx,
    options,
  );

export function taskFormDefaults(task: TTask | null): TTaskFormValues {
  return task
    ? {
        title: task.title,
        description: task.description,
        client: String(task.client),
        assigned_to: task.assigned_to,
        assigned_to_user: task.assigned_to_user,
        priority: task.priority,
        status: task.status,
        due_date: isoToLocalInput(task.due_date),
      }
    : {
        title: '',
        description: '',
        client: '',
        assigned_to: '',
        assigned_to_user: null,
        priority: 'medium',
        status: 'pending',
        due_date: '',
      };
}

export interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create. */
  task: TTask | null;
  /** Dialog title; 'Edit Task' / 'Create Task' unless given. */
  title?: string;
  /** Whether the Status select shows (new tasks start as pending without it). */
  withStatus?: boolean;
  /** Toast after a create; 'Task created' unless given. */
  createdMessage?: (task: TTaskFormParsed) => string;
}

/** Create or edit a task (Tasks screen, overview's New Task); refreshes every task list and the dashboard. */
export function TaskFormDialog({ open, onOpenChange, task, title, withStatus = true, createdMessage }: TaskFormDialogProps) {
  const heading = title ?? (task ? 'Edit Task' : 'Create Task');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={heading} className="max-w-xl">
      {open && (
        <TaskForm
          key={task?.id ?? 'new'}
          task={task}
          label={heading}
          withStatus={withStatus}
          createdMessage={createdMessage}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

const LEGACY = '__current';

interface TaskFormProps {
  task: TTask | null;
  label: string;
  withStatus: boolean;
  createdMessage: ((task: TTaskFormParsed) => string) | undefined;
  onDone: () => void;
}

function TaskForm({ task, label, withStatus, createdMessage, onDone }: TaskFormProps) {
  const toast = useToast();
  const qc = useQueryClient();
  const staff = useStaff();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TTaskFormValues, unknown, TTaskFormParsed>({ resolver: taskFormResolver, defaultValues: taskFormDefaults(task) });
  const create = tsr.tasks.createTask.useMutation();
  const update = tsr.tasks.updateTask.useMutation();

  const assignedUser = watch('assigned_to_user');
  const assignedName = watch('assigned_to');
  const allStaff = staff.data?.body.results ?? [];
  // Who can take work: not read-only staff, not someone who has not accepted their invite (the current assignee stays).
  const staffList = allStaff.filter((s) => s.id === task?.assigned_to_user || (s.staff_role !== 'read_only' && !s.invite_pending));
  const knownUser = assignedUser !== null && staffList.some((s) => s.id === assignedUser);
  const clientId = Number(watch('client'));
  const client = useClient(Number.isInteger(clientId) && clientId > 0 ? clientId : null);
  const assignee = allStaff.find((s) => s.id === assignedUser);
  const outOfReach =
    assignee?.staff_role === 'manager' && client.data?.status === 200 && client.data.body.account_manager_id !== assignee.id
      ? `${assignee.name} does not manage ${client.data.body.name}: the task shows in their tasks, but the client's other work does not.`
      : undefined;
  const assigneeValue = knownUser ? String(assignedUser) : assignedName ? LEGACY : '';

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      if (task) {
        await update.mutateAsync({ params: { id: task.id }, body });
        toast.success('Task updated');
      } else {
        await create.mutateAsync({ body });
        toast.success(createdMessage ? createdMessage(body) : 'Task created');
      }
      void invalidateKeys(qc, AFFECTED_KEYS.tasks);
      onDone();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to save the task'));
    }
  });

  const dueDate = (
    <Field label="Due date" error={errors.due_date?.message}>
      <Input type="datetime-local" {...register('due_date')} />
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={label}>
      <FormError message={serverError} />
      <Field label="Title" error={errors.title?.message}>
        <Input {...register('title')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientFormField control={control} name="client" error={errors.client?.message} />
        <Field label="Assigned to" error={errors.assigned_to?.message} hint={staff.isError ? 'Could not load the team' : outOfReach}>
          <NativeSelect
            value={assigneeValue}
            disabled={staff.isPending}
            onChange={(e) => {
              const v = e.target.value;
              if (v === LEGACY) return;
              const member = staffList.find((s) => String(s.id) === v);
              setValue('assigned_to_user', member?.id ?? null);
              setValue('assigned_to', member?.name ?? '', { shouldValidate: true });
            }}
          >
            <option value="">{staff.isPending ? 'Loading team…' : 'Select a team member'}</option>
            {assigneeValue === LEGACY && <option value={LEGACY}>{assignedName}</option>}
            {staffList.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          <NativeSelect {...register('priority')}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TASK_PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {withStatus ? (
          <Field label="Status" error={errors.status?.message}>
            <NativeSelect {...register('status')}>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TASK_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ) : (
          dueDate
        )}
      </div>
      {withStatus && dueDate}
      <FormActions onCancel={onDone} submitLabel={task ? 'Save Changes' : 'Create Task'} loading={isSubmitting} />
    </form>
  );
}
