import { describeHotPlans } from '../support/hot-plans.js';

// Issue 35's size: 2,000 pending deliveries among 200,000 ended ones.
describeHotPlans(Number(process.env.PLANS_HISTORY ?? 200_000));
