throw "just a string";
