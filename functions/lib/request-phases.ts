/**
 * The phases of a request the wrapper runs (the caller, the handler, the answer's serialisation).
 * In Lambda they simply run; the local stack's benchmark timing (infra/local/request-timing.ts,
 * DVP_REQUEST_TIMING=1) sets a timer that adds up where a request's time goes.
 */
export type PhaseTimer = <T>(name: string, work: () => Promise<T> | T) => Promise<T>;

const untimed: PhaseTimer = async (_name, work) => work();
let timer: PhaseTimer = untimed;

export const timePhase: PhaseTimer = (name, work) => timer(name, work);

export function setPhaseTimer(next: PhaseTimer): void {
  timer = next;
}
