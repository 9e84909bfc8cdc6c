import { create } from 'zustand';

/** Display choices of the Assets tab, kept while the app is open (not stored on the device). */
type AssetsPrefs = {
  /** Rows with a zero balance left out. */
  hideZero: boolean;
  setHideZero: (value: boolean) => void;
};

export const useAssetsPrefs = create<AssetsPrefs>()((set) => ({
  hideZero: false,
  setHideZero: (hideZero) => set({ hideZero }),
}));

/** The eye (amounts shown as ******) is shared with Home's total. */
export { hiddenAmount, useAmountsHidden } from '../../../lib/stores/amounts-hidden-store';
