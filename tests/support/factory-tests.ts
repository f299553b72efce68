/**
 * Issue 41: the factory test results a move to shipped sends with its serial numbers (one per
 * instrument), passing within the default limits (rate ±2 %, volume 10 mL ±1 %).
 */
export const passingFactoryTest = {
  rateAccuracyPercent: -0.4,
  volumeDeliveredMl: 10.03,
  testedBy: 'Alex Tester',
  testedOn: '2026-02-27',
};

export const passingFactoryTests = (count: number) => Array.from({ length: count }, () => ({ ...passingFactoryTest }));
