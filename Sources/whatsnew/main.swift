print("whatsnew")
