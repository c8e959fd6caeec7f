export { ScheduledCallsArea } from './ScheduledCallsArea';
export { ScheduledEventsView } from './ScheduledEventsView';
export { ScheduleModal } from './ScheduleModal';
