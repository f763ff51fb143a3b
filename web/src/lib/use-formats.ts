// How the viewer's screens write money and time, for any component: the app shell provides the Formats of the
// logged-in viewer's preferences, read from the cache (the session's viewer), so a saved zone or language changes
// every date, time and amount on screen at once. Outside the shell, and for nobody logged in: English and UTC.
import { createContext, useContext } from 'react';
import { type Formats, formatsFor } from './format';

export const FormatsContext = createContext<Formats>(formatsFor());

export function useFormats(): Formats {
  return useContext(FormatsContext);
}
