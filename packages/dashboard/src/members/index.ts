export { MembersArea } from './MembersArea';
export { MembersPanel } from './MembersPanel';
export { InvitePage } from './InvitePage';
