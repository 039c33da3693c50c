import { TASK_PRIORITIES, ZTaskFormSchema, type TTaskForm, type TTaskFormParsed } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ClientPicker } from '@/components/client-picker';
import { Button, Dialog, Field, Input, NativeSelect, Textarea, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useInvalidate, useStaff } from '../api/queries';
import { localDateTimeToIso } from './format-trend';

/** The contract's task form, fed the ISO value of the local date-time picker. */
const ZNewTaskForm = z.preprocess(
  (v) => (v && typeof v === 'object' ? { ...v, due_date: localDateTimeToIso((v as { due_date?: unknown }).due_date) } : v),
  ZTaskFormSchema,
);

const defaults: TTaskForm = {
  title: '',
  description: '',
  client: '' as unknown as number,
  assigned_to: '',
  priority: 'medium',
  status: 'pending',
  due_date: '',
};

const priorityLabel = (p: string) => p.charAt(0).toUpperCase() + p.slice(1);

export function NewTaskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const staff = useStaff(open);
  const invalidate = useInvalidate();
  const toast = useToast();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TTaskForm, unknown, TTaskFormParsed>({ resolver: zodResolver(ZNewTaskForm) as unknown as Resolver<TTaskForm, unknown, TTaskFormParsed>, defaultValues: defaults });

  const create = tsr.tasks.createTask.useMutation();

  const close = (o: boolean) => {
    if (!o) reset(defaults);
    onOpenChange(o);
  };

  const onSubmit = handleSubmit(async (values) => {
    const member = staff.data?.body.results.find((s) => s.name === values.assigned_to);
    try {
      await create.mutateAsync({ body: { ...values, assigned_to_user: member?.id ?? null } });
      toast.success(`Task "${values.title}" created`);
      close(false);
      await invalidate('tasks');
    } catch (err) {
      setError('root', { message: errorMessage(err, 'Failed to create task') });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close} title="Create New Task" className="max-w-xl">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="New task">
        {errors.root?.message && (
          <p role="alert" className="rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
            {errors.root.message}
          </p>
        )}
        <Field label="Title" error={errors.title?.message}>
          <Input {...register('title')} />
        </Field>
        <Field label="Description" error={errors.description?.message}>
          <Textarea {...register('description')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="client"
            render={({ field }) => (
              <Field label="Client" error={errors.client?.message}>
                <ClientPicker
                  name={field.name}
                  value={field.value ? Number(field.value) : null}
                  onChange={(id) => field.onChange(id ?? '')}
                  onBlur={field.onBlur}
                />
              </Field>
            )}
          />
          <Field label="Assigned to" error={errors.assigned_to?.message}>
            <NativeSelect {...register('assigned_to')} disabled={staff.isPending}>
              <option value="">{staff.isPending ? 'Loading team…' : 'Select a team member'}</option>
              {staff.data?.body.results.map((s) => (
                <option key={s.id} value={s.name}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Priority" error={errors.priority?.message}>
            <NativeSelect {...register('priority')}>
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabel(p)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Due date" error={errors.due_date?.message}>
            <Input type="datetime-local" {...register('due_date')} />
          </Field>
        </div>
        {staff.isError && (
          <p className="text-sm text-danger-700">{errorMessage(staff.error, 'Failed to load the form options')}</p>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Task
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
