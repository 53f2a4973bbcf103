// The account screens, loaded together on the first visit to any of them.
export { SignInPage } from './SignInPage';
export { RegisterPage } from './RegisterPage';
export { PasswordResetPage } from './PasswordResetPage';
export { PasswordVerifyPage } from './PasswordVerifyPage';
export { SettingsPage } from './SettingsPage';
export { EmailChangePage } from './EmailChangePage';
