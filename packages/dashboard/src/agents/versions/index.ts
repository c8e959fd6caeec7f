export { VersionsSlot, UnpublishedChangesSlot } from './VersionsSlot';
export { PublishDialog } from './PublishDialog';
export { TestingVersionBar, type TestedVersion } from './TestingVersionBar';
export { versionTexts } from './versionTexts';
