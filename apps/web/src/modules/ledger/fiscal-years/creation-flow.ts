/**
 * SPEC 4 "Creating a year": the server answers 202 at once and a job creates the year, so the
 * page follows the building (live events, and polling as a fallback) until the job is over.
 *
 * idle → queued (the server accepted) → waiting (the building says the year is being created)
 * → done (the year is in the list) or failed (the building carries the job's error). Once the
 * new year's dashboard is open, done goes back to idle: a year created when several are missing
 * leaves the next one to create.
 */
export type CreationState =
  | { step: 'idle' }
  | { step: 'queued'; newYear: string; acceptedAt: number }
  | { step: 'waiting'; newYear: string }
  | { step: 'done'; newYear: string }
  | { step: 'failed'; errorKey: string };

/** What one read of the building says about the creation. */
export interface BuildingSnapshot {
  creatingFiscalYear: boolean;
  fiscalYearError: string | null;
  /** Start dates of the building's years. */
  years: readonly string[];
  /** When the read arrived (ms since the epoch). */
  readAt: number;
}

export type CreationEvent =
  | { type: 'accepted'; newYear: string; at: number }
  | { type: 'building'; snapshot: BuildingSnapshot }
  | { type: 'announced' };

export const idleCreation: CreationState = { step: 'idle' };

/** The job left no reason: still a failure, with the generic message. */
const fallbackError = 'errors.fiscalYearFailed';

function afterJob(newYear: string, snapshot: BuildingSnapshot): CreationState {
  if (snapshot.years.includes(newYear)) return { step: 'done', newYear };
  return { step: 'failed', errorKey: snapshot.fiscalYearError ?? fallbackError };
}

export function nextCreationState(state: CreationState, event: CreationEvent): CreationState {
  if (event.type === 'accepted') return { step: 'queued', newYear: event.newYear, acceptedAt: event.at };
  if (event.type === 'announced') return state.step === 'done' ? idleCreation : state;
  const { snapshot } = event;
  switch (state.step) {
    case 'queued':
      if (snapshot.creatingFiscalYear) return { step: 'waiting', newYear: state.newYear };
      if (snapshot.years.includes(state.newYear)) return { step: 'done', newYear: state.newYear };
      // A read that left before the 202 still shows the building as it was (an older error
      // included): only a later one tells that the job is already over.
      return snapshot.readAt > state.acceptedAt ? afterJob(state.newYear, snapshot) : state;
    case 'waiting':
      return snapshot.creatingFiscalYear ? state : afterJob(state.newYear, snapshot);
    default:
      return state;
  }
}

/** The server is working on the year this page asked for. */
export const isCreating = (state: CreationState): boolean =>
  state.step === 'queued' || state.step === 'waiting';
