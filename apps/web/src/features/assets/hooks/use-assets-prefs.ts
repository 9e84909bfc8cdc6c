import { create } from 'zustand';

/** Display choices of the Assets tab, kept while the app is open (not stored on the device). */
type AssetsPrefs = {
  /** Amounts shown as ****** (the eye toggle). */
  hidden: boolean;
  /** Rows with a zero balance left out. */
  hideZero: boolean;
  toggleHidden: () => void;
  setHideZero: (value: boolean) => void;
};

export const useAssetsPrefs = create<AssetsPrefs>()((set) => ({
  hidden: false,
  hideZero: false,
  toggleHidden: () => set((state) => ({ hidden: !state.hidden })),
  setHideZero: (hideZero) => set({ hideZero }),
}));

/** What a hidden amount shows. */
export const hiddenAmount = '******';
