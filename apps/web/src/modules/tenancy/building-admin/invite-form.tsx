import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropEmpty, invitationSentSchema } from '@copro/domain';
import type { z } from 'zod';
import { api } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { FormMessage } from '../../../ui/form-actions';

type InviteValues = { email: string; role: string };

/** Invites someone by email with a role; the list of pending invitations shows it next. */
export function InviteForm({
  basePath,
  usersKey,
  roles,
  defaultRole,
  schema,
}: {
  /** /api/buildings/{ref} or /api/building-groups/{id}. */
  basePath: string;
  usersKey: QueryKey;
  roles: readonly string[];
  defaultRole: string;
  schema: z.ZodType<{ email: string; role: string }>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<InviteValues>({
    initialValues: { email: '', role: defaultRole },
    validate: validateWith<InviteValues>(schema),
  });

  const invite = useMutation({
    mutationFn: (values: InviteValues) =>
      api(`${basePath}/invitations`, {
        response: invitationSentSchema,
        method: 'POST',
        body: schema.parse(dropEmpty(values)),
      }),
    onSuccess: (_answer, values) => {
      form.setFieldValue('email', '');
      notifySuccess(t('admin.invite.sent', { email: values.email.trim() }));
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (error) => {
      form.setErrors(serverErrors(error));
      notifyError(error, t('admin.invite.failed'));
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => invite.mutate(values))} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('admin.invite.email')}
          type="email"
          autoComplete="off"
          placeholder={t('admin.invite.emailPlaceholder')}
          style={{ flex: '1 1 240px' }}
          {...form.textProps('email')}
        />
        <NativeSelect
          label={t('admin.invite.role')}
          data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          style={{ flex: '1 1 180px' }}
          maw={{ sm: 240 }}
          {...form.textProps('role')}
        />
        <Button
          type="submit"
          loading={invite.isPending}
          mt={{ base: 0, sm: 25 }}
          w={{ base: '100%', sm: 'auto' }}
        >
          {t('admin.invite.submit')}
        </Button>
      </Group>
      <FormMessage errors={form.errors} />
    </form>
  );
}
