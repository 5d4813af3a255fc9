export type EmailFolder = 'unassigned' | 'unknown' | 'spam' | 'archived';

/** One folder of the building's request emails (the requests-by-email part fills it). */
export function EmailFolderView(_props: { buildingRef: string; folder: EmailFolder }) {
  return null;
}
