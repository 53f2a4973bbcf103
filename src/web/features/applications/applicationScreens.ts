// Starting a chapter and the user's applications, loaded together.
export { IntroStartChapterScreen } from './IntroStartChapterScreen';
export { StartChapterScreen } from './StartChapterScreen';
export { MyApplicationScreen, MyApplicationsScreen } from './MyApplicationsScreens';
