/*
|--------------------------------------------------------------------------
| Bouncer abilities
|--------------------------------------------------------------------------
|
| Authorization lives in policies (app/policies); this file exists for
| Bouncer's abilities slot.
|
*/
export {}
