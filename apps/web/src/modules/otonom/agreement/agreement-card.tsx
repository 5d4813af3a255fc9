import { Alert, Anchor, Badge, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconInfoCircle,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type PadAgreementView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { usePdfChoice } from '../../../ui/pdf-choice';
import { QueryError } from '../../../ui/query-error';
import { useLedgerFormat } from '../../ledger';
import { DetailCard, formatFileSize } from '../../registry';
import { Facts } from '../../tenancy';
import {
  agreementFormUrl,
  signedCopyUrl,
  useDeleteSignedAgreement,
  usePadAgreement,
  useUploadSignedAgreement,
} from './agreement-api';

/**
 * A unit's pre-authorized debit agreement (DOMAIN 8, Payments Canada Rule H1), beside its bank
 * details on the unit's page: finance readers see whether the details and the signed agreement are
 * on file, the written notice sent, a return's flag and what automatic payment still needs, and
 * download the agreement form to have signed; finance writers upload, replace and delete the
 * signed copy. It belongs to the building, not to a year: an archived year's page still changes it.
 */
export function AgreementCard({ unitUuid }: { unitUuid: string }) {
  const { t } = useTranslation();
  const { can } = useBuildingShell();
  const canWrite = can('finance.write');
  const agreement = usePadAgreement(unitUuid);
  const view = agreement.data;
  return (
    <DetailCard title={t('padAgreement.card.title')}>
      {agreement.error && !view ? (
        <QueryError error={agreement.error} onRetry={() => void agreement.refetch()} />
      ) : !view ? (
        <Text size="sm" c="dimmed">
          …
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('padAgreement.card.intro')}
          </Text>
          {view.flag && <FlagWarning view={view} />}
          <AgreementFacts view={view} url={agreement.url} />
          <Requirements view={view} />
          <FormDownloads url={agreement.url} />
          {canWrite && <SignedCopyActions unitUuid={unitUuid} view={view} />}
        </Stack>
      )}
    </DetailCard>
  );
}

function AgreementFacts({ view, url }: { view: PadAgreementView; url: string }) {
  const { t, i18n } = useTranslation();
  const { day, instant } = useLedgerFormat();
  const language = languageOf(i18n.language);
  const signed = view.signed;
  const notice = view.notice;
  const present = (ok: boolean, yes: string, no: string) => (
    <Badge variant="light" color={ok ? 'teal' : 'gray'} tt="none">
      {t(ok ? yes : no)}
    </Badge>
  );
  return (
    <Facts
      rows={[
        {
          label: t('padAgreement.card.bankDetails'),
          value: present(view.hasBankDetails, 'padAgreement.card.onFile', 'padAgreement.card.missing'),
        },
        {
          label: t('padAgreement.card.signed'),
          value: signed ? (
            <Stack gap={0}>
              <Anchor
                href={signedCopyUrl(url)}
                download={signed.fileName}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {signed.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('padAgreement.card.signedFile', {
                  size: formatFileSize(signed.size, language),
                  date: instant(signed.uploadedAt),
                })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('padAgreement.card.noSigned')}
            </Text>
          ),
        },
        {
          label: t('padAgreement.card.automaticPayment'),
          value: present(view.automaticPayment, 'padAgreement.card.on', 'padAgreement.card.off'),
        },
        { label: t('padAgreement.card.paymentDay'), value: view.paymentDay ?? '—' },
        {
          label: t('padAgreement.card.notice'),
          value: notice ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {notice.recipients.length > 0
                ? t('padAgreement.card.noticeSent', {
                    date: instant(notice.sentAt),
                    recipients: notice.recipients.join(', '),
                  })
                : t('padAgreement.card.noticeNoRecipient', { date: instant(notice.sentAt) })}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('padAgreement.card.noNotice')}
            </Text>
          ),
        },
        ...(notice ? [{ label: t('padAgreement.card.firstDebit'), value: day(notice.firstDebitOn) }] : []),
      ]}
    />
  );
}

function FlagWarning({ view }: { view: PadAgreementView }) {
  const { t } = useTranslation();
  const { instant } = useLedgerFormat();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('padAgreement.card.flaggedTitle')}
      role="alert"
    >
      {t('padAgreement.card.flaggedText', {
        flag: t(`otonom.flags.${view.flag ?? 'revoked'}`),
        date: view.flaggedAt ? instant(view.flaggedAt) : '',
      })}
    </Alert>
  );
}

/** What the server's gate would say if automatic payment were switched on now. */
function Requirements({ view }: { view: PadAgreementView }) {
  const { t } = useTranslation();
  if (view.automaticPayment) return null;
  if (view.missing.length === 0) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck
          size={16}
          aria-hidden
          color="var(--mantine-color-teal-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="sm">{t('padAgreement.card.ready')}</Text>
      </Group>
    );
  }
  const flag = t(`otonom.flags.${view.flag ?? 'revoked'}`);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={t('padAgreement.card.missingTitle')}
    >
      <List size="sm" spacing={2}>
        {view.missing.map((key) => (
          <List.Item key={key}>{t(key, { flag })}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function FormDownloads({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('padAgreement.card.form')}
        </Text>
        {(['en', 'fr'] as const).map((language) => (
          <Button
            key={language}
            component="a"
            href={agreementFormUrl(url, language)}
            download
            size="compact-xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {t(language === 'en' ? 'padAgreement.card.formEnglish' : 'padAgreement.card.formFrench')}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('padAgreement.card.formHint')}
      </Text>
    </Stack>
  );
}

function SignedCopyActions({ unitUuid, view }: { unitUuid: string; view: PadAgreementView }) {
  const { t } = useTranslation();
  const upload = useUploadSignedAgreement(unitUuid);
  const remove = useDeleteSignedAgreement(unitUuid);
  const {
    problem,
    choose: attach,
    resetRef,
  } = usePdfChoice(
    (chosen) =>
      upload.mutate(chosen, {
        onSuccess: () => notifySuccess(t('padAgreement.card.uploaded')),
        onError: (error) => notifyError(error, t('padAgreement.card.uploadFailed'), { withoutForm: true }),
      }),
    'padAgreement.card.tooLarge',
  );

  const askDelete = () =>
    modals.openConfirmModal({
      title: t('padAgreement.card.deleteTitle'),
      children: <Text size="sm">{t('padAgreement.card.deleteText')}</Text>,
      labels: { confirm: t('padAgreement.card.delete'), cancel: t('padAgreement.card.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifySuccess(t('padAgreement.card.deleted')),
          onError: (error) => notifyError(error, t('padAgreement.card.deleteFailed'), { withoutForm: true }),
        }),
    });

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <FileButton resetRef={resetRef} accept="application/pdf,.pdf" onChange={attach}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} aria-hidden />}
              loading={upload.isPending}
            >
              {t(view.signed ? 'padAgreement.card.replace' : 'padAgreement.card.upload')}
            </Button>
          )}
        </FileButton>
        {/* The server refuses it while automatic payment is on: switch that off on the unit first. */}
        {view.signed && !view.automaticPayment && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={remove.isPending}
            onClick={askDelete}
          >
            {t('padAgreement.card.delete')}
          </Button>
        )}
      </Group>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
