import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { invitationAcceptedSchema, invitationDescriptionSchema, languageOf } from '@copro/domain';
import { api } from '../../app/api';
import { membershipsQuery } from '../../app/memberships';
import { notifyError, notifySuccess } from '../../app/notify';
import { useMe } from '../../app/session';
import { CenteredCard } from '../../ui/centered-card';
import { formatDate } from '../../ui/format';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { AnchorLink, ButtonLink } from '../../ui/router-link';

/** An emailed invitation: what it grants, then Accept (signed in with the invited address). */
export function AcceptInvitation({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const path = `/api/invitations/${encodeURIComponent(token)}`;
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api(path, { response: invitationDescriptionSchema, signal }),
  });
  const accept = useMutation({
    mutationFn: () => api(`${path}/accept`, { method: 'POST', body: {}, response: invitationAcceptedSchema }),
    onSuccess: async () => {
      notifySuccess(t('authAction.accepted'));
      // Coming back to this page must show the invitation as used, not offer it again.
      queryClient.removeQueries({ queryKey: ['invitation', token] });
      await queryClient.invalidateQueries({ queryKey: membershipsQuery.queryKey });
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => {
      notifyError(error);
      void invitation.refetch();
    },
  });

  const title = t('authAction.invitationTitle');
  if (invitation.isPending) {
    return (
      <CenteredCard title={title}>
        <PageLoader />
      </CenteredCard>
    );
  }
  if (invitation.isError) {
    return (
      <CenteredCard title={title}>
        <QueryError error={invitation.error} />
      </CenteredCard>
    );
  }

  const data = invitation.data;
  // Come back to this very page after signing in or signing up.
  const here = `/_auth?${new URLSearchParams({ mode: 'acceptInvitation', token }).toString()}`;
  const unavailable = data.used ? 'invitations.used' : data.expired ? 'invitations.expired' : null;

  return (
    <CenteredCard title={title}>
      <Stack gap="xs">
        <Text fw={500}>
          {t('authAction.invitation', { target: data.targetName, role: t(`roles.${data.role}`) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('authAction.invitationEmail', { email: data.email })}{' '}
          {!unavailable &&
            t('authAction.invitationExpires', {
              date: formatDate(data.expiresAt, languageOf(i18n.language)),
            })}
        </Text>
      </Stack>
      {unavailable ? (
        <Alert color="red" role="alert">
          {t(unavailable)}
        </Alert>
      ) : me ? (
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          {t('authAction.accept')}
        </Button>
      ) : (
        <>
          <Text size="sm">{t('authAction.signInToAccept', { email: data.email })}</Text>
          <Group grow>
            <ButtonLink to="/signin" search={{ redirect: here }}>
              {t('authAction.signIn')}
            </ButtonLink>
            <ButtonLink to="/signup" search={{ redirect: here }} variant="default">
              {t('authAction.signUp')}
            </ButtonLink>
          </Group>
        </>
      )}
      {me && (
        <Text size="sm" ta="center">
          <AnchorLink to="/dashboard">{t('common.goToDashboard')}</AnchorLink>
        </Text>
      )}
    </CenteredCard>
  );
}
