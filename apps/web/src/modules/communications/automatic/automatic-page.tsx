import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  automaticMailTemplateEditSchema,
  languageOf,
  reminderKinds,
  type AutomaticCommunicationSettings,
  type AutomaticMailTemplate,
  type Language,
} from '@copro/domain';
import { errorKeyOf } from '../../../app/api';
import { formatDate } from '../../../ui/format';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { ScrollTable } from '../../../ui/scroll-table';
import { useRecords } from '../../registry';
import {
  useAutomaticMailHistory,
  useAutomaticMailPreview,
  useAutomaticMails,
  useResetTemplate,
  useSaveReminderSettings,
  useSaveTemplate,
} from './automatic-api';
import { insertAt } from './insert-field';

/** SPEC 2 posts/reminders: the automatic reminders, what they sent, and every automatic mail's text. */
export function AutomaticMailsPage() {
  const { t } = useTranslation();
  const page = useAutomaticMails();
  return (
    <Page title={t('automaticMails.page.title')}>
      {page.isPending ? (
        <PageLoader />
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Stack gap="lg">
          <ReminderSettingsCard settings={page.data.settings} />
          <HistoryCard />
          <TemplatesCard templates={page.data.templates} />
        </Stack>
      )}
    </Page>
  );
}

const failed = (t: (key: string) => string, error: unknown) =>
  notifications.show({ color: 'red', message: t(errorKeyOf(error)) });

function ReminderSettingsCard({ settings }: { settings: AutomaticCommunicationSettings }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(settings);
  // A save elsewhere (another manager, live) shows here.
  useEffect(() => setValues(settings), [settings]);
  const save = useSaveReminderSettings();
  const toggle = (kind: (typeof reminderKinds)[number], on: boolean) =>
    setValues((v) => ({ ...v, enabled: on ? [...v.enabled, kind] : v.enabled.filter((k) => k !== kind) }));
  const days = (
    field: 'insuranceDaysBefore' | 'warrantyDaysBefore' | 'waterHeaterLifeYears',
    min: number,
  ) => (
    <NumberInput
      label={t(`automaticMails.page.${field}`)}
      value={values[field]}
      min={min}
      max={field === 'waterHeaterLifeYears' ? 50 : 365}
      allowDecimal={false}
      allowNegative={false}
      onChange={(value) => setValues((v) => ({ ...v, [field]: typeof value === 'number' ? value : min }))}
      w={{ base: '100%', xs: 260 }}
    />
  );
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('automaticMails.page.settingsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('automaticMails.page.settingsHelp')}
        </Text>
        {reminderKinds.map((kind) => (
          <Stack key={kind} gap={4}>
            <Switch
              label={t(`automaticMails.kinds.${kind}`)}
              description={t(`automaticMails.kindHelp.${kind}`)}
              checked={values.enabled.includes(kind)}
              onChange={(event) => toggle(kind, event.currentTarget.checked)}
            />
            {kind === 'insuranceExpiring' && values.enabled.includes(kind) && days('insuranceDaysBefore', 0)}
            {kind === 'waterHeaterWarranty' && values.enabled.includes(kind) && days('warrantyDaysBefore', 0)}
            {kind === 'waterHeaterLife' && values.enabled.includes(kind) && days('waterHeaterLifeYears', 1)}
          </Stack>
        ))}
        <Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(values, {
                onSuccess: () => notifications.show({ message: t('automaticMails.page.settingsSaved') }),
                onError: (error) => failed(t, error),
              })
            }
          >
            {t('automaticMails.page.saveSettings')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const historyPageSize = 25;

function HistoryCard() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [page, setPage] = useState(1);
  const history = useAutomaticMailHistory(page, historyPageSize);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / historyPageSize));
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('automaticMails.page.historyTitle')}
        </Title>
        {history.isError ? (
          <QueryError error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data && history.data.total === 0 ? (
          <Text size="sm" c="dimmed">
            {t('automaticMails.page.historyEmpty')}
          </Text>
        ) : (
          <ScrollTable minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('automaticMails.page.date')}</Table.Th>
                  <Table.Th>{t('automaticMails.page.kind')}</Table.Th>
                  <Table.Th>{t('automaticMails.page.unit')}</Table.Th>
                  <Table.Th>{t('automaticMails.page.recipients')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(history.data?.items ?? []).map((item) => (
                  <Table.Tr key={item.uuid}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.sentOn, language)}</Table.Td>
                    <Table.Td>{t(`automaticMails.kinds.${item.kind}`)}</Table.Td>
                    <Table.Td>{item.unitNumber}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{item.recipients.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Stack>
    </Card>
  );
}

function TemplatesCard({ templates }: { templates: AutomaticMailTemplate[] }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState(templates[0]?.kind ?? 'checkSaved');
  const template = templates.find((tpl) => tpl.kind === kind);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('automaticMails.page.templatesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('automaticMails.page.templatesHelp')}
        </Text>
        <Select
          label={t('automaticMails.page.template')}
          data={templates.map((tpl) => ({ value: tpl.kind, label: t(`automaticMails.kinds.${tpl.kind}`) }))}
          value={kind}
          onChange={(next) => next && setKind(next as typeof kind)}
          allowDeselect={false}
          w={{ base: '100%', sm: 420 }}
          comboboxProps={{ withinPortal: true }}
        />
        {template && (
          <Tabs defaultValue={languageOf(i18n.language)} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="en">English</Tabs.Tab>
              <Tabs.Tab value="fr">Français</Tabs.Tab>
            </Tabs.List>
            {template.texts.map((text) => (
              <Tabs.Panel key={text.language} value={text.language} pt="sm">
                <TemplateEditor
                  key={`${template.kind}:${text.language}`}
                  template={template}
                  language={text.language}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}

function TemplateEditor({ template, language }: { template: AutomaticMailTemplate; language: Language }) {
  const { t } = useTranslation();
  const text = template.texts.find((x) => x.language === language)!;
  const [subject, setSubject] = useState(text.subject);
  const [body, setBody] = useState(text.body);
  useEffect(() => {
    setSubject(text.subject);
    setBody(text.body);
  }, [text.subject, text.body]);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const parsed = automaticMailTemplateEditSchema.safeParse({ subject, body });
  const insert = (field: string) => {
    const area = bodyRef.current;
    const at = area
      ? { start: area.selectionStart, end: area.selectionEnd }
      : { start: body.length, end: body.length };
    setBody(insertAt(body, at, field));
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {text.customized ? (
          <Badge variant="light">{t('automaticMails.page.customized')}</Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t('automaticMails.page.default')}
          </Badge>
        )}
        {template.audience === 'staff' && (
          <Text size="xs" c="dimmed">
            {t('automaticMails.page.toStaff')}
          </Text>
        )}
      </Group>
      <TextInput
        label={t('automaticMails.page.subject')}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        required
      />
      <Textarea
        ref={bodyRef}
        label={t('automaticMails.page.body')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={6}
        required
      />
      <Select
        placeholder={t('automaticMails.page.insertField')}
        aria-label={t('automaticMails.page.insertField')}
        data={template.fields.map((field) => ({ value: field, label: t(`automaticMails.fields.${field}`) }))}
        value={null}
        onChange={(field) => field && insert(field)}
        w={{ base: '100%', xs: 300 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="sm">
        <Button
          disabled={!parsed.success}
          loading={save.isPending}
          onClick={() =>
            parsed.success &&
            save.mutate(
              { kind: template.kind, language, text: parsed.data },
              {
                onSuccess: () => notifications.show({ message: t('automaticMails.page.templateSaved') }),
                onError: (error) => failed(t, error),
              },
            )
          }
        >
          {t('automaticMails.page.saveTemplate')}
        </Button>
        {text.customized && (
          <Button
            variant="default"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(
                { kind: template.kind, language },
                {
                  onSuccess: () => notifications.show({ message: t('automaticMails.page.resetDone') }),
                  onError: (error) => failed(t, error),
                },
              )
            }
          >
            {t('automaticMails.page.reset')}
          </Button>
        )}
      </Group>
      <Preview kind={template.kind} language={language} subject={subject} body={body} />
    </Stack>
  );
}

function Preview(props: {
  kind: AutomaticMailTemplate['kind'];
  language: Language;
  subject: string;
  body: string;
}) {
  const { t } = useTranslation();
  const units = useRecords('units');
  const [unitUuid, setUnitUuid] = useState<string | null>(null);
  // Typing settles before the server renders it again.
  const [text] = useDebouncedValue({ subject: props.subject, body: props.body }, 400);
  const preview = useAutomaticMailPreview(
    unitUuid ? { kind: props.kind, unitUuid, language: props.language, ...text } : null,
  );
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-gray-light)">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('automaticMails.page.previewTitle')}
        </Title>
        <Select
          label={t('automaticMails.page.previewUnit')}
          data={(units.data ?? [])
            .filter((unit) => !unit.archived)
            .map((unit) => ({ value: unit.uuid, label: t('units.unitTitle', { number: unit.number }) }))}
          value={unitUuid}
          onChange={setUnitUuid}
          searchable
          w={{ base: '100%', xs: 300 }}
          comboboxProps={{ withinPortal: true }}
        />
        {!unitUuid ? (
          <Text size="sm" c="dimmed">
            {t('automaticMails.page.previewPick')}
          </Text>
        ) : preview.isError ? (
          <QueryError error={preview.error} />
        ) : preview.data ? (
          <Stack gap={4}>
            <Text fw={600}>{preview.data.subject}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {preview.data.text}
            </Text>
            {preview.data.missing.length > 0 && (
              <Alert color="yellow" variant="light">
                {t('automaticMails.page.previewMissing', {
                  fields: preview.data.missing.map((f) => `{{${f}}}`).join(', '),
                })}
              </Alert>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
