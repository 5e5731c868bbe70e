import styled from 'styled-components';
import { PrimaryButton } from '../buttons';

/** The one full-width action of a sign-in form. */
export const SubmitButton = styled(PrimaryButton).attrs({ type: 'submit' })`
  width: 100%;
  padding: 10px 12px;

  &:disabled {
    cursor: progress;
  }
`;
