import type { DatasetEditApi } from './dataset-edit-api';

/** What every form of a dataset's edit screens works with. */
export interface FormServices {
  api: DatasetEditApi;
  groupId: string;
  /** The app's snackbar: a default one for a save, an error one for a refusal. */
  notify: (text: string, type: 'default' | 'error') => void;
  /** The form shown has changes not yet saved (or no longer has). */
  reportUnsaved: (unsaved: boolean) => void;
}

/** What a form's definition needs: its calls, its dataset and the snackbar. */
export type FormCalls = Pick<FormServices, 'api' | 'groupId' | 'notify'>;
