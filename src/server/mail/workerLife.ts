// Where a send worker is in its life, shared by its parts (claims, records, loops).
export type WorkerState = 'idle' | 'running' | 'stopping' | 'stopped' | 'abandoned';

/**
 * Thrown after an await once the worker was abandoned (the tests' stand-in for a process that
 * died): a dead worker writes nothing more.
 */
export class Abandoned extends Error {}

export interface WorkerLife {
  state: WorkerState;
  /** Throws Abandoned when the worker was abandoned; called after every await. */
  alive(): void;
}

export function workerLife(): WorkerLife {
  return {
    state: 'idle',
    alive() {
      if (this.state === 'abandoned') throw new Abandoned();
    },
  };
}
