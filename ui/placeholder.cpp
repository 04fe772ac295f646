// The console widgets live here.
