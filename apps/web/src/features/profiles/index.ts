/** A member's public profile, for the features that show who someone is (messaging). */
export { isDeletedUsername, profileKeys, useProfile, type PublicProfile } from './api';
