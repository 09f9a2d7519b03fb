// Signed-in spec, sections 2 and 8.
export const SAVED_MESSAGE = 'Your changes have been saved successfully.';
export const LOAD_FAILED = 'Failed to load profile data';
export const SAVE_FAILED = 'Failed to save changes';
