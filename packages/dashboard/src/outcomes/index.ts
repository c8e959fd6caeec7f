/** Outcomes (issue 40, docs/outcomes.md): what the inbox, the editor and Analytics use. */
export { OutcomeCard, OutcomeBadges } from './OutcomeCard';
export { OutcomeFilterFields, type OutcomeFilterValue } from './OutcomeFilterFields';
export { OutcomeAnalyticsSection } from './OutcomeAnalyticsSection';
export { OutcomeFigures } from './OutcomeFigures';
export { OutcomesEditor } from './OutcomesEditor';
export { outcomeHeadline } from './outcomeFormat';
