import { create } from 'zustand';
import { type Area, defaultArea } from './area-codes';

/**
 * The area code chosen on /pages/common/area, read by the form that opened it (registration).
 * Memory only: a new visit starts from the default again.
 */
type AreaState = { area: Area; chooseArea: (area: Area) => void };

export const useAreaStore = create<AreaState>()((set) => ({
  area: defaultArea,
  chooseArea: (area) => set({ area }),
}));
