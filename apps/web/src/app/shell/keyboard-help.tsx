import { Fragment } from 'react';
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ShortcutRow {
  keys: string[];
  labelKey: string;
}

/** What the shell's shortcuts do (use-shortcuts.ts); "g then x" rows only when x leads somewhere here. */
export function shortcutRows(available: { administration: boolean }): ShortcutRow[] {
  return [
    { keys: ['?'], labelKey: 'shell.keyboard.help' },
    { keys: ['g', 'd'], labelKey: 'shell.keyboard.dashboard' },
    ...(available.administration ? [{ keys: ['g', 'a'], labelKey: 'shell.keyboard.administration' }] : []),
    { keys: ['g', 'm'], labelKey: 'shell.keyboard.account' },
    { keys: ['Esc'], labelKey: 'shell.keyboard.close' },
  ];
}

/** SPEC 2: the keyboard help dialog, opened with "?"; Escape closes it. */
export function KeyboardHelp({
  opened,
  onClose,
  rows,
}: {
  opened: boolean;
  onClose: () => void;
  rows: ShortcutRow[];
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.keyboard.title')} centered size="md">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.labelKey}>
              <Table.Td w={120}>
                <Group gap={6} wrap="nowrap">
                  {row.keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && (
                        <Text span size="xs" c="dimmed">
                          {t('shell.keyboard.then')}
                        </Text>
                      )}
                      <Kbd>{key}</Kbd>
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(row.labelKey)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
