export { ScheduledCallsArea } from './ScheduledCallsArea';
export { OutboundRulesArea } from './OutboundRulesArea';
export { ScheduledEventsView } from './ScheduledEventsView';
export { ScheduleModal } from './ScheduleModal';
