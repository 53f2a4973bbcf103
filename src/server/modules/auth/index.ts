// The auth module's front: what app.ts and other modules may use of it. The rest of the
// folder is its own (eslint.config.js keeps it so; docs/architecture.md).
export { accountRoutes } from './accountRoutes';
export { adminCreateArgsSchema, createOrPromoteAdmin } from './adminCreate';
export {
  attemptCte,
  attemptValues,
  clientAddress,
  countAttempt,
  refuseOverLimit,
  refundAttempt,
  secondsUntilNextTurn,
  takeTurn,
  type RateLimitSettings,
} from './rateLimit';
export { authRoutes } from './routes';
export { createResetToken, resetLink } from './service';
export { SESSION_COOKIE, hashToken, newToken, userForToken } from './sessions';
