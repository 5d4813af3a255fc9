import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Checkbox, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BankStatementLine, Cents, StatementImport, StatementLineStatus } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { amountStyle } from '../../ui/amount-style';
import { useLedgerFormat } from '../ledger';
import type { useImportWrites } from './import-api';
import {
  confirmBody,
  lineGroupOf,
  statementLineActions,
  type LineEntryKind,
  type StatementLineGroup,
} from './line-actions';

type ImportWrites = ReturnType<typeof useImportWrites>;

const statusColors: Record<StatementLineStatus, string> = {
  matched: 'blue',
  unmatched: 'orange',
  duplicate: 'gray',
  confirmed: 'green',
  entryCreated: 'teal',
  ignored: 'gray',
};

const groups: readonly StatementLineGroup[] = ['matched', 'unmatched', 'done', 'duplicate'];

export function LineStatusBadge({ status }: { status: StatementLineStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={statusColors[status]} style={{ flexShrink: 0 }}>
      {t(`reconciliationPages.import.status.${status}`)}
    </Badge>
  );
}

/**
 * An import's lines, by what is left to do: the matches to confirm (each beside the transaction it
 * matches, all checked at first), the lines nothing matches (a bank entry of their sign in one
 * click, or set aside), what is done, and the lines an earlier import already brought (greyed).
 */
export function StatementLines({
  statementImport,
  writes,
  canWrite,
}: {
  statementImport: StatementImport;
  writes: ImportWrites;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const byGroup = new Map<StatementLineGroup, BankStatementLine[]>(groups.map((group) => [group, []]));
  for (const line of statementImport.lines) byGroup.get(lineGroupOf(line))?.push(line);
  const body = confirmBody(statementImport.lines, unchecked);
  const importUuid = statementImport.uuid;

  if (statementImport.lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('reconciliationPages.import.noLines')}
      </Text>
    );

  const toggle = (lineId: number, checked: boolean) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  return (
    <Stack gap="md">
      <Group gap={6} wrap="wrap" aria-label={t('reconciliationPages.import.summary')} role="group">
        {groups.map((group) => {
          const count = byGroup.get(group)?.length ?? 0;
          return count > 0 ? (
            <Badge key={group} variant="outline" color="gray" size="md">
              {t(`reconciliationPages.import.groups.${group}`)} · {count}
            </Badge>
          ) : null;
        })}
      </Group>
      <MatchedLines
        lines={byGroup.get('matched') ?? []}
        canWrite={canWrite}
        unchecked={unchecked}
        onToggle={toggle}
        ignoring={writes.ignore.isPending ? writes.ignore.variables.lineId : null}
        onIgnore={(lineId) =>
          ignore(writes, importUuid, lineId, t('reconciliationPages.import.ignoreFailed'))
        }
        confirm={
          canWrite && (byGroup.get('matched')?.length ?? 0) > 0 ? (
            <Group justify="flex-end">
              <Button
                leftSection={<IconCircleCheck size={16} aria-hidden />}
                disabled={!body}
                loading={writes.confirm.isPending}
                onClick={() =>
                  body &&
                  writes.confirm.mutate(
                    { importUuid, body },
                    {
                      onSuccess: () => {
                        setUnchecked(new Set());
                        notifySuccess(
                          t('reconciliationPages.import.confirmed', { count: body.lines.length }),
                        );
                      },
                      onError: (error) =>
                        notifyError(error, t('reconciliationPages.import.confirmFailed'), {
                          withoutForm: true,
                        }),
                    },
                  )
                }
              >
                {t('reconciliationPages.import.confirm', { count: body?.lines.length ?? 0 })}
              </Button>
            </Group>
          ) : null
        }
      />
      <UnmatchedLines
        lines={byGroup.get('unmatched') ?? []}
        canWrite={canWrite}
        writes={writes}
        importUuid={importUuid}
      />
      <PlainLines group="done" lines={byGroup.get('done') ?? []} />
      <PlainLines group="duplicate" lines={byGroup.get('duplicate') ?? []} />
    </Stack>
  );
}

function ignore(writes: ImportWrites, importUuid: string, lineId: number, failed: string) {
  writes.ignore.mutate(
    { importUuid, lineId },
    { onError: (error) => notifyError(error, failed, { withoutForm: true }) },
  );
}

function GroupTitle({ group, count }: { group: StatementLineGroup; count: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={600}>
      {t(`reconciliationPages.import.groups.${group}`)} ({count})
    </Text>
  );
}

/** Date, description and check number of a line or a transaction, one under the other, its amount beside them. */
function LineCell({
  date,
  description,
  checkNumber,
  amount,
}: {
  date: string;
  description: string;
  checkNumber: string | null;
  amount: Cents;
}) {
  const { t } = useTranslation();
  const { day, money } = useLedgerFormat();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
      {/* The description takes what the amount leaves, however narrow the phone. */}
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {description}
        </Text>
        <Text size="xs" c="dimmed">
          {day(date)}
          {checkNumber && ` · ${t('reconciliationPages.import.check', { number: checkNumber })}`}
        </Text>
      </Stack>
      <Text size="sm" style={amountStyle}>
        {money(amount)}
      </Text>
    </Group>
  );
}

/** The rows of a group: one bordered list, each row laid out by its own grid (side by side when there is room). */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Paper>
  );
}

function Row({ children, last }: { children: ReactNode; last: boolean }) {
  return (
    <Box
      component="li"
      px="sm"
      py={8}
      style={last ? undefined : { borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Box>
  );
}

/**
 * Each match: the statement's line beside the transaction it matches (one under the other on a
 * phone), checked to be confirmed, or set aside.
 */
function MatchedLines({
  lines,
  canWrite,
  unchecked,
  onToggle,
  ignoring,
  onIgnore,
  confirm,
}: {
  lines: readonly BankStatementLine[];
  canWrite: boolean;
  unchecked: ReadonlySet<number>;
  onToggle: (lineId: number, checked: boolean) => void;
  ignoring: number | null;
  onIgnore: (lineId: number) => void;
  confirm: ReactNode;
}) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <Stack gap="xs">
      <GroupTitle group="matched" count={lines.length} />
      <Rows label={t('reconciliationPages.import.groups.matched')}>
        {lines.map((line, index) => {
          const actions = statementLineActions(line, canWrite);
          return (
            <Row key={line.id} last={index === lines.length - 1}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {actions.confirm && (
                  <Checkbox
                    mt={2}
                    aria-label={t('reconciliationPages.import.confirmLine', {
                      description: line.description,
                    })}
                    checked={!unchecked.has(line.id)}
                    onChange={(event) => onToggle(line.id, event.currentTarget.checked)}
                  />
                )}
                <Grid gutter="xs" style={{ flex: 1, minWidth: 0 }}>
                  <Grid.Col span={{ base: 12, sm: 5 }}>
                    <Text size="xs" c="dimmed" fw={500}>
                      {t('reconciliationPages.import.statementLine')}
                    </Text>
                    <LineCell {...line} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 5 }}>
                    {line.match && (
                      <>
                        <Text size="xs" c="dimmed" fw={500}>
                          {t('reconciliationPages.import.transaction')}
                        </Text>
                        <LineCell {...line.match} />
                        <Text size="xs" c="blue.8">
                          {t(`reconciliationPages.import.reasons.${line.match.reason}`)}
                        </Text>
                      </>
                    )}
                  </Grid.Col>
                  {actions.ignore && (
                    <Grid.Col span={{ base: 12, sm: 2 }}>
                      <Group justify="flex-end">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="gray"
                          loading={ignoring === line.id}
                          onClick={() => onIgnore(line.id)}
                          aria-label={t('reconciliationPages.import.ignoreLine', {
                            description: line.description,
                          })}
                        >
                          {t('reconciliationPages.import.ignore')}
                        </Button>
                      </Group>
                    </Grid.Col>
                  )}
                </Grid>
              </Group>
            </Row>
          );
        })}
      </Rows>
      {confirm}
    </Stack>
  );
}

/** Lines nothing matches: a bank entry of their sign in one click, or set aside. */
function UnmatchedLines({
  lines,
  canWrite,
  writes,
  importUuid,
}: {
  lines: readonly BankStatementLine[];
  canWrite: boolean;
  writes: ImportWrites;
  importUuid: string;
}) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const entering = writes.entry.isPending ? writes.entry.variables : undefined;
  const ignoring = writes.ignore.isPending ? writes.ignore.variables.lineId : null;
  const enter = (lineId: number, kind: LineEntryKind) =>
    writes.entry.mutate(
      { importUuid, lineId, body: { kind } },
      {
        onSuccess: () =>
          notifySuccess(
            t('reconciliationPages.import.entryDone', {
              kind: t(`reconciliationPages.import.entries.${kind}`),
            }),
          ),
        onError: (error) =>
          notifyError(error, t('reconciliationPages.import.entryFailed'), { withoutForm: true }),
      },
    );
  return (
    <Stack gap="xs">
      <GroupTitle group="unmatched" count={lines.length} />
      {canWrite && (
        <Text size="xs" c="dimmed">
          {t('reconciliationPages.import.unmatchedHint')}
        </Text>
      )}
      <Rows label={t('reconciliationPages.import.groups.unmatched')}>
        {lines.map((line, index) => {
          const actions = statementLineActions(line, canWrite);
          return (
            <Row key={line.id} last={index === lines.length - 1}>
              <Grid gutter="xs" align="center">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <LineCell {...line} />
                </Grid.Col>
                {canWrite && (
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Group gap={6} wrap="wrap" justify="flex-end">
                      {actions.entries.map((kind) => (
                        <Button
                          key={kind}
                          size="compact-xs"
                          variant="light"
                          loading={entering?.lineId === line.id && entering.body.kind === kind}
                          disabled={entering !== undefined}
                          onClick={() => enter(line.id, kind)}
                        >
                          {t(`reconciliationPages.import.entries.${kind}`)}
                        </Button>
                      ))}
                      {actions.ignore && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="gray"
                          loading={ignoring === line.id}
                          aria-label={t('reconciliationPages.import.ignoreLine', {
                            description: line.description,
                          })}
                          onClick={() =>
                            ignore(writes, importUuid, line.id, t('reconciliationPages.import.ignoreFailed'))
                          }
                        >
                          {t('reconciliationPages.import.ignore')}
                        </Button>
                      )}
                    </Group>
                  </Grid.Col>
                )}
              </Grid>
            </Row>
          );
        })}
      </Rows>
    </Stack>
  );
}

/** Lines with nothing left to do: confirmed, entered, set aside; or already imported (greyed). */
function PlainLines({ group, lines }: { group: 'done' | 'duplicate'; lines: readonly BankStatementLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const duplicate = group === 'duplicate';
  return (
    <Stack gap="xs" style={duplicate ? { opacity: 0.6 } : undefined}>
      <GroupTitle group={group} count={lines.length} />
      {duplicate && (
        <Text size="xs" c="dimmed">
          {t('reconciliationPages.import.duplicateHint')}
        </Text>
      )}
      <Rows label={t(`reconciliationPages.import.groups.${group}`)}>
        {lines.map((line, index) => (
          <Row key={line.id} last={index === lines.length - 1}>
            {/* On a phone the badge goes under the line rather than squeezing its description. */}
            <Group gap="sm" wrap="wrap" align="flex-start">
              <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
                <LineCell {...line} />
              </Box>
              <LineStatusBadge status={line.status} />
            </Group>
          </Row>
        ))}
      </Rows>
    </Stack>
  );
}
