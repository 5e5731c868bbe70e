/** Spec part 2 §8 "Storage upload failure": what any upload shows when storage does not take the file. */
export const UPLOAD_FAILED_TEXT = 'The file can not be uploaded. Please contact your administrator.';
