// The rsvps module's front (issue 33, "I'm going"): what app.ts and other modules may use of
// it. The rest of the folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { rsvpHostRoutes } from './hostRoutes';
export { rsvpRoutes } from './routes';
export { moveUpAfterSave } from './capacityRaised';
export { goingFromMail, notGoingFromMail, rsvpOfAddress } from './fromMail';
export type { FromMail } from './fromMail';
export type { Occasion, Teller } from './tell';
