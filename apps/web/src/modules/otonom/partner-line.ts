import type { PadFileKind, PadOverview, PadSettingsView } from '@copro/domain';

/**
 * Where the files go, as the summary says it: the partner at its address, the local test partner
 * of the demo (nothing leaves the computer), no partner (nothing can be sent), or a CPA-005 file
 * the manager downloads and uploads to the bank; before anything, the settings to fill.
 */
export type PartnerLine =
  | { kind: 'notSetUp' }
  | { kind: 'bankFile' }
  | { kind: 'partner'; url: string }
  | { kind: 'fake' }
  | { kind: 'noPartner' };

export function partnerLine(view: PadSettingsView): PartnerLine {
  if (!view.settings) return { kind: 'notSetUp' };
  if (view.settings.channel === 'cpa005') return { kind: 'bankFile' };
  if (!view.partner) return { kind: 'noPartner' };
  return view.partner.fake ? { kind: 'fake' } : { kind: 'partner', url: view.partner.url };
}

/** What the next file of a kind holds. */
export const nextFileOf = (overview: PadOverview, kind: PadFileKind): { count: number; total: number } =>
  overview.toSend.find((line) => line.kind === kind) ?? { count: 0, total: 0 };

/**
 * Why a kind's file cannot be sent now, as an i18n key (the button is disabled and says it), or
 * null when it can. The server refuses the same cases; this spares the click.
 */
export function sendBlocker(kind: PadFileKind, overview: PadOverview, view: PadSettingsView): string | null {
  const line = partnerLine(view);
  if (line.kind === 'notSetUp') return 'otonom.validation.noSettings';
  if (!view.settings?.bankUuid) return 'otonom.validation.noBank';
  if (line.kind === 'noPartner') return 'otonom.validation.partnerNotConfigured';
  if (nextFileOf(overview, kind).count === 0) return 'otonom.validation.nothingToSend';
  return null;
}

/**
 * Why the partner cannot be asked for statuses: only the partner answers them; a bank's returns
 * come in by importing its return file.
 */
export function refreshBlocker(view: PadSettingsView): string | null {
  const line = partnerLine(view);
  if (line.kind === 'notSetUp') return 'otonom.validation.noSettings';
  if (line.kind === 'bankFile') return 'otonomPages.summary.refreshBankFile';
  if (line.kind === 'noPartner') return 'otonom.validation.partnerNotConfigured';
  return null;
}
