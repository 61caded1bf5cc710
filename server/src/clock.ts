/** The time source; tests pass a fake one to check timeouts without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
