// signal-exit for src/ inside the bundle, loaded when novel first adds an exit
// hook (at its first write): a command that only reads does not evaluate it.
// Its handlers are installed when a hook is added, as before.
'use strict';
let signalExit;
module.exports = {
  onExit: (...args) => {
    signalExit ??= require('signal-exit');
    return signalExit.onExit(...args);
  },
};
