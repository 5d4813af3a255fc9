import { useBuildingShell } from '../../app/shell/building-context';
import { AnchorLink } from '../../ui/router-link';
import type { RecordNamespace } from './registry-api';

/** A link to another record's page, by its name (a supplier's category, a bank's supplier). */
export function RecordLink({ ns, record }: { ns: RecordNamespace; record: { uuid: string; name: string } }) {
  const { href } = useBuildingShell();
  return (
    <AnchorLink to={href(`${ns}/info/${record.uuid}`)} size="sm">
      {record.name}
    </AnchorLink>
  );
}
